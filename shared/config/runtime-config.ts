import * as z from 'zod';
import { SUPPORT_EMAIL } from '../domain/support-email';

/**
 * The site's runtime `config.json`: written at deploy by the CDK web stack and by the local stack,
 * read by the SPA at start, so one built bundle serves every environment.
 */
export const RuntimeConfig = z.object({
  env: z.enum(['local', 'dev', 'staging', 'master']),
  apiUrl: z.string().url(),
  siteUrl: z.string().url(),
  auth: z.object({
    /** `hosted`: Cognito managed login (AWS). `password`: USER_PASSWORD_AUTH against cognito-local. */
    mode: z.enum(['hosted', 'password']),
    region: z.string(),
    userPoolId: z.string(),
    userPoolClientId: z.string(),
    /** Local only: cognito-local's endpoint. */
    userPoolEndpoint: z.string().url().optional(),
    /** Hosted mode: the managed-login domain, e.g. fullpageshot.auth.us-east-1.amazoncognito.com */
    oauthDomain: z.string().optional(),
    googleEnabled: z.boolean().default(false),
  }),
  /** Origins the `next` parameter and the bridge accept (chrome-extension://<id>). */
  extensionOrigins: z.array(z.string()),
  /** Mailing-list JSONP endpoint (post-json). */
  newsletterUrl: z.string().url().optional(),
  /** Stripe dashboard links in the admin tool use /test outside live mode. */
  stripeLiveMode: z.boolean().default(false),
  /**
   * Deep links of the admin tool into the AWS consoles. Optional: without it the tool uses
   * `auth.region` and the deployed table names `fps-<env>-users` / `fps-<env>-orgs`.
   */
  adminConsole: z
    .object({
      /** Region of the console links (the stack's region). */
      region: z.string().optional(),
      /** Physical DynamoDB table names. */
      usersTable: z.string().optional(),
      orgsTable: z.string().optional(),
    })
    .optional(),
  /** Local only: where sent mail can be read. */
  outboxUrl: z.string().url().optional(),
  supportEmail: z.string().email().default(SUPPORT_EMAIL),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfig>;
