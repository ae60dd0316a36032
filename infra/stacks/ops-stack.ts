import { Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as budgets from 'aws-cdk-lib/aws-budgets';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import type { EnvironmentConfig } from '../environments';
import { resourcePrefix } from '../names';
import { physicalTableName, tableList } from '#shared/deploy/tables';

export interface OpsStackProps extends StackProps {
  config: EnvironmentConfig;
  api: apigwv2.IHttpApi;
  /** Every Lambda of the product by a readable name (route id, postConfirmation). */
  functions: Record<string, lambda.IFunction>;
}

/** Alarm thresholds, in one place for the README and the tests. */
const ALARMS = {
  /** API p99 latency (ms) over three 5-minute periods in a row. */
  apiP99LatencyMs: 3000,
  /** 5xx answers of the API in 5 minutes. */
  api5xxPer5Min: 5,
  /** SES account reputation: AWS reviews an account at 5 % bounces and 0.1 % complaints. */
  sesBounceRate: 0.04,
  sesComplaintRate: 0.0008,
} as const;

/**
 * What tells the operator that something is wrong, per environment: one SNS topic with the
 * environment's alarm e-mail, CloudWatch alarms on the functions, the API, the tables and the
 * e-mail sending, one dashboard, and an AWS Budgets budget alerting the same address.
 */
export class OpsStack extends Stack {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: OpsStackProps) {
    super(scope, id, props);
    const env = props.config;
    const prefix = resourcePrefix(env);

    this.topic = new sns.Topic(this, 'AlarmTopic', { topicName: `${prefix}-alarms`, displayName: `Full Page Shot ${env.name} alarms`, enforceSSL: true });
    this.topic.addSubscription(new subscriptions.EmailSubscription(env.alarmEmail));
    // AwsSolutions-SNS2: CloudWatch cannot publish to a topic under the AWS managed SNS key, and a
    // customer managed key only for alarm texts (no personal data, no secrets) is not worth it.
    Validations.of(this.topic).acknowledge({ id: 'AwsSolutions-SNS2', reason: 'Alarm notifications carry no personal data or secrets; CloudWatch cannot publish to aws/sns-encrypted topics.' });
    const notify = new actions.SnsAction(this.topic);
    const alarm = (id: string, metric: cloudwatch.Metric | cloudwatch.MathExpression, p: Omit<cloudwatch.CreateAlarmOptions, 'metric'>) => {
      const a = metric.createAlarm(this, id, { treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING, ...p });
      a.addAlarmAction(notify);
      a.addOkAction(notify);
      this.alarms.push(a);
      return a;
    };
    const five = Duration.minutes(5);

    // Lambda: any error or throttle of any function is worth a mail (handlers map bad input to 4xx).
    const fnWidgets: cloudwatch.IMetric[] = [];
    for (const [name, fn] of Object.entries(props.functions)) {
      const errors = fn.metricErrors({ period: five, statistic: 'Sum' });
      fnWidgets.push(errors.with({ label: name }));
      alarm(`${name}Errors`, errors, {
        alarmName: `${prefix}-${name}-errors`, threshold: 1, evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        alarmDescription: name === 'stripeWebhook'
          ? 'Stripe webhook failed: Stripe retries for 3 days, but subscriptions lag until it succeeds (docs/operations.md).'
          : `${name} threw (a 500 to the caller).`,
      });
      alarm(`${name}Throttles`, fn.metricThrottles({ period: five, statistic: 'Sum' }), {
        alarmName: `${prefix}-${name}-throttles`, threshold: 1, evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        alarmDescription: `${name} was throttled (reserved or account concurrency used up).`,
      });
    }

    // API Gateway (HTTP API, $default stage).
    const api5xx = props.api.metricServerError({ period: five, statistic: 'Sum' });
    const apiP99 = props.api.metricLatency({ period: five, statistic: 'p99' });
    alarm('Api5xx', api5xx, {
      alarmName: `${prefix}-api-5xx`, threshold: ALARMS.api5xxPer5Min, evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      alarmDescription: 'The API answered 5xx (handler errors, integration timeouts).',
    });
    alarm('ApiP99Latency', apiP99, {
      alarmName: `${prefix}-api-p99-latency`, threshold: ALARMS.apiP99LatencyMs, evaluationPeriods: 3,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      alarmDescription: `p99 latency of the API above ${ALARMS.apiP99LatencyMs} ms for 15 minutes.`,
    });

    // DynamoDB: on-demand tables throttle only past their previous peak ×2 or a hot key.
    const throttleMetrics: cloudwatch.MathExpression[] = [];
    for (const [i, def] of tableList.entries()) {
      const tableName = physicalTableName(prefix, def);
      const m = (metricName: string) => new cloudwatch.Metric({
        namespace: 'AWS/DynamoDB', metricName, dimensionsMap: { TableName: tableName }, period: five, statistic: 'Sum',
      });
      const throttles = new cloudwatch.MathExpression({
        expression: `r${i} + w${i}`, usingMetrics: { [`r${i}`]: m('ReadThrottleEvents'), [`w${i}`]: m('WriteThrottleEvents') }, period: five, label: def.name,
      });
      throttleMetrics.push(throttles);
      alarm(`${def.name}TableThrottles`, throttles, {
        alarmName: `${prefix}-${def.name}-throttles`, threshold: 1, evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        alarmDescription: `DynamoDB throttled reads or writes on ${tableName}.`,
      });
    }

    // E-mail: Cognito's codes and the product's mail go through SES (env.sesRegion, which must be
    // this stack's region for the alarm to see the account's reputation metrics).
    const ses = (metricName: string) => new cloudwatch.Metric({ namespace: 'AWS/SES', metricName, period: Duration.hours(1), statistic: 'Maximum' });
    alarm('SesBounceRate', ses('Reputation.BounceRate'), {
      alarmName: `${prefix}-ses-bounce-rate`, threshold: ALARMS.sesBounceRate, evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      alarmDescription: 'SES bounce rate near the 5 % at which AWS pauses sending (sign-up codes, invitations).',
    });
    alarm('SesComplaintRate', ses('Reputation.ComplaintRate'), {
      alarmName: `${prefix}-ses-complaint-rate`, threshold: ALARMS.sesComplaintRate, evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      alarmDescription: 'SES complaint rate near the 0.1 % at which AWS pauses sending.',
    });

    new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: `${prefix}-overview`,
      widgets: [
        [
          new cloudwatch.GraphWidget({ title: 'API requests and 5xx', left: [props.api.metricCount({ period: five }), api5xx], width: 12 }),
          new cloudwatch.GraphWidget({ title: 'API latency p99 (ms)', left: [apiP99], width: 12 }),
        ],
        [new cloudwatch.GraphWidget({ title: 'Lambda errors', left: fnWidgets, width: 24, legendPosition: cloudwatch.LegendPosition.RIGHT })],
        [
          new cloudwatch.GraphWidget({ title: 'DynamoDB throttled requests', left: throttleMetrics, width: 12 }),
          new cloudwatch.GraphWidget({ title: 'SES reputation', left: [ses('Reputation.BounceRate'), ses('Reputation.ComplaintRate')], width: 12 }),
        ],
        [new cloudwatch.AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24 })],
      ],
    });

    new budgets.CfnBudget(this, 'Budget', {
      budget: {
        budgetName: `${prefix}-monthly`, budgetType: 'COST', timeUnit: 'MONTHLY',
        budgetLimit: { amount: env.monthlyBudgetUsd, unit: 'USD' },
        // The whole account: dev, staging and master normally live in accounts of their own.
      },
      notificationsWithSubscribers: [
        { notificationType: 'ACTUAL', threshold: 80 },
        { notificationType: 'FORECASTED', threshold: 100 },
      ].map((n) => ({
        notification: { ...n, comparisonOperator: 'GREATER_THAN', thresholdType: 'PERCENTAGE' },
        subscribers: [{ subscriptionType: 'EMAIL', address: env.alarmEmail }],
      })),
    });
  }
}
