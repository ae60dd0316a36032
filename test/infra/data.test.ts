import { describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { tableList } from '#shared/deploy/tables';
import { flat, resourcesOf, synth, type CfnJson } from './helpers';

const dev = synth('dev');
const master = synth('master');

const tableNamed = (t: ReturnType<typeof synth>['data'], name: string) =>
  resourcesOf(t, 'AWS::DynamoDB::Table').find(([, r]) => r.Properties.TableName === name)?.[1];

describe('data stack: one table per shared/deploy/tables.ts entry', () => {
  it('creates exactly the declared tables', () => {
    expect(resourcesOf(dev.data, 'AWS::DynamoDB::Table').map(([, r]) => r.Properties.TableName).sort())
      .toEqual(tableList.map((t) => `fps-dev-${t.name}`).sort());
  });

  describe.each(tableList.map((t) => [t.name, t] as const))('%s', (name, def) => {
    it('is on-demand with point-in-time recovery and the declared keys', () => {
      const t = tableNamed(dev.data, `fps-dev-${name}`)!;
      expect(t.Properties.BillingMode).toBe('PAY_PER_REQUEST');
      expect(t.Properties.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
      const keys = [{ AttributeName: def.partitionKey.name, KeyType: 'HASH' }];
      if (def.sortKey) keys.push({ AttributeName: def.sortKey.name, KeyType: 'RANGE' });
      expect(t.Properties.KeySchema).toEqual(keys);
    });

    it('has the declared GSIs', () => {
      const t = tableNamed(dev.data, `fps-dev-${name}`)!;
      const gsis = (t.Properties.GlobalSecondaryIndexes ?? []) as { IndexName: string; KeySchema: unknown[] }[];
      expect(gsis.map((g) => g.IndexName).sort()).toEqual(def.indexes.map((i) => i.indexName).sort());
      for (const index of def.indexes) {
        const g = gsis.find((x) => x.IndexName === index.indexName)!;
        const keys = [{ AttributeName: index.partitionKey.name, KeyType: 'HASH' }];
        if (index.sortKey) keys.push({ AttributeName: index.sortKey.name, KeyType: 'RANGE' });
        expect(g.KeySchema).toEqual(keys);
      }
    });

    it(def.ttlAttribute ? `has TTL on ${def.ttlAttribute}` : 'has no TTL', () => {
      const t = tableNamed(dev.data, `fps-dev-${name}`)!;
      if (def.ttlAttribute) expect(t.Properties.TimeToLiveSpecification).toEqual({ AttributeName: def.ttlAttribute, Enabled: true });
      else expect(t.Properties.TimeToLiveSpecification).toBeUndefined();
    });

    it('is retained (and deletion-protected) in master, destroyed in dev', () => {
      const m = resourcesOf(master.data, 'AWS::DynamoDB::Table').find(([, r]) => r.Properties.TableName === `fps-master-${name}`)![1];
      expect(m.DeletionPolicy).toBe('Retain');
      expect(m.UpdateReplacePolicy).toBe('Retain');
      expect(m.Properties.DeletionProtectionEnabled).toBe(true);
      expect(tableNamed(dev.data, `fps-dev-${name}`)!.DeletionPolicy).toBe('Delete');
    });
  });
});

describe('data stack: image bucket', () => {
  const images = () => resourcesOf(dev.data, 'AWS::S3::Bucket').find(([, r]) => flat(r.Properties.BucketName).startsWith('fps-dev-images-'))!;

  it('blocks public access, is encrypted, versioned and logs access', () => {
    const [, b] = images();
    expect(b.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true,
    });
    expect(b.Properties.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm).toBe('AES256');
    expect(b.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(b.Properties.LoggingConfiguration.DestinationBucketName).toHaveProperty('Ref');
    expect(b.Properties.LifecycleConfiguration.Rules[0]).toMatchObject({ NoncurrentVersionExpiration: { NoncurrentDays: 30 } });
  });

  it('allows browser access from the site origins and the extension (Save to library) only (methods: images-bucket.test.ts)', () => {
    const [, b] = images();
    // dev has no certificate: the site origin is the web stack's CloudFront domain.
    expect(b.Properties.CorsConfiguration.CorsRules[0].AllowedOrigins.map(flat)).toEqual([
      expect.stringMatching(/^https:\/\/<output:.*Distribution.*DomainName/), 'http://localhost:5173', 'http://127.0.0.1:5173',
      expect.stringMatching(/^chrome-extension:\/\/[a-p]{32}$/), 'moz-extension://*',
    ]);
  });

  it('every bucket in every stack blocks public access and denies non-TLS requests', () => {
    for (const s of [dev.data, dev.web]) {
      for (const [, b] of resourcesOf(s, 'AWS::S3::Bucket')) {
        expect(b.Properties.PublicAccessBlockConfiguration).toMatchObject({ BlockPublicAcls: true, RestrictPublicBuckets: true });
      }
      const buckets = resourcesOf(s, 'AWS::S3::Bucket').length;
      const sslDenies = resourcesOf(s, 'AWS::S3::BucketPolicy').filter(([, p]) =>
        p.Properties.PolicyDocument.Statement.some((st: CfnJson) => st.Effect === 'Deny' && st.Condition?.Bool?.['aws:SecureTransport'] === 'false'));
      expect(sslDenies).toHaveLength(buckets);
    }
  });

  it('is retained in master and emptied/destroyed in dev', () => {
    const [, m] = resourcesOf(master.data, 'AWS::S3::Bucket').find(([, r]) => flat(r.Properties.BucketName).startsWith('fps-master-images-'))!;
    expect(m.DeletionPolicy).toBe('Retain');
    expect(images()[1].DeletionPolicy).toBe('Delete');
    dev.data.hasResource('Custom::S3AutoDeleteObjects', Match.anyValue());
    expect(Object.keys(master.data.findResources('Custom::S3AutoDeleteObjects'))).toHaveLength(0);
  });
});
