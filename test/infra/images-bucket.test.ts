import { describe, expect, it } from 'vitest';
import { UPLOAD_PREFIX } from '../../lambdas/images/lib/image-keys';
import { flat, resourcesOf, synth } from './helpers';

/**
 * Issue 16: abandoned uploads are swept (pending rows by TTL, their objects by a lifecycle rule on
 * the upload prefix), and the site can POST uploads to and GET (download) files from the bucket.
 */
const dev = synth('dev');
const imagesBucket = () => resourcesOf(dev.data, 'AWS::S3::Bucket').find(([, r]) => flat(r.Properties.BucketName).startsWith('fps-dev-images-'))![1];
const imagesTable = () => resourcesOf(dev.data, 'AWS::DynamoDB::Table').find(([, r]) => r.Properties.TableName === 'fps-dev-images')![1];

describe('image bucket and table: abandoned uploads and browser access', () => {
  it('expires pending image rows with DynamoDB TTL on expiresAt', () => {
    expect(imagesTable().Properties.TimeToLiveSpecification).toEqual({ AttributeName: 'expiresAt', Enabled: true });
  });

  it('expires objects under the upload prefix after a day, old versions included', () => {
    const rules = imagesBucket().Properties.LifecycleConfiguration.Rules as Record<string, unknown>[];
    expect(rules).toContainEqual(expect.objectContaining({
      Status: 'Enabled', Prefix: UPLOAD_PREFIX, ExpirationInDays: 1, NoncurrentVersionExpiration: { NoncurrentDays: 1 },
    }));
    // Only the upload prefix: finalised originals and thumbnails live under users/ and stay.
    const expiring = rules.filter((r) => r.ExpirationInDays !== undefined);
    expect(expiring.map((r) => r.Prefix)).toEqual([UPLOAD_PREFIX]);
  });

  it('lets the site origins POST uploads and GET files, and nothing else', () => {
    const [rule, ...more] = imagesBucket().Properties.CorsConfiguration.CorsRules;
    expect(more).toEqual([]);
    expect(rule.AllowedMethods.sort()).toEqual(['GET', 'HEAD', 'POST']);
    expect(rule.AllowedOrigins.length).toBeGreaterThan(0);
    expect(rule.AllowedOrigins).not.toContain('*');
  });
});
