#!/usr/bin/env -S npx tsx
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { buildStacks } from '../build';

// `npx cdk synth|deploy -c env=dev|staging|master` (default dev). See infra/README.md.
const app = new App();
buildStacks(app);
// cdk-nag 3 runs as a CDK policy-validation plugin at synth: unacknowledged AwsSolutions errors
// fail `cdk synth` / `cdk deploy`. Acknowledgements sit on the narrowest construct, with reasons.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
app.synth();
