/**
 * The manifest's queues, each with its dead-letter queue of the same kind (a FIFO queue can only
 * redrive to a FIFO DLQ), plus the failure queues of streams and asynchronous invocations. Every
 * dead-letter queue raises an alarm as soon as one message lands in it (ARCHITECTURE §5).
 */

import type { QueueDef, QueueName } from '@infra/manifest';
import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as cwActions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { entriesOf } from '../cuadra-manifest';
import { acknowledge } from '../nag';
import { pascal } from '../names';

/** Settings every queue shares: encrypted at rest, TLS only, 14 days to look at a failure. */
const common = (fifo: boolean): sqs.QueueProps => ({
  encryption: sqs.QueueEncryption.SQS_MANAGED,
  enforceSSL: true,
  ...(fifo ? { fifo: true, contentBasedDeduplication: true } : {}),
});

export interface WorkQueue {
  queue: sqs.Queue;
  dlq: sqs.Queue;
  alarm: cloudwatch.Alarm;
}

export class Queues extends Construct {
  readonly work: Record<QueueName, WorkQueue>;
  readonly alarmTopic: sns.Topic;

  constructor(
    scope: Construct,
    id: string,
    props: { queues: Record<QueueName, QueueDef>; alarmEmail?: string },
  ) {
    super(scope, id);

    this.alarmTopic = new sns.Topic(this, 'Alarms', { displayName: 'Cuadra alarms', enforceSSL: true });
    if (props.alarmEmail)
      this.alarmTopic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));

    const work = {} as Record<QueueName, WorkQueue>;
    for (const [name, def] of entriesOf(props.queues)) {
      const base = pascal(name);
      const dlq = new sqs.Queue(this, `${base}Dlq`, {
        ...common(def.fifo),
        retentionPeriod: Duration.days(14),
      });
      const queue = new sqs.Queue(this, base, {
        ...common(def.fifo),
        visibilityTimeout: Duration.seconds(def.visibilityTimeoutSeconds),
        deadLetterQueue: { queue: dlq, maxReceiveCount: def.maxReceiveCount },
      });
      work[name] = { queue, dlq, alarm: this.alarmOnMessages(dlq, `${base}DlqNotEmpty`, `${name} DLQ`) };
    }
    this.work = work;
  }

  /**
   * A queue that collects failures which are not redrives (stream batches that exhausted their
   * retries, failed asynchronous invocations). It is a dead-letter queue itself, so it has none.
   */
  failureQueue(id: string, description: string): sqs.Queue {
    const queue = new sqs.Queue(this, id, { ...common(false), retentionPeriod: Duration.days(14) });
    acknowledge(
      queue,
      'AwsSolutions-SQS3',
      `This queue is itself a dead-letter destination (${description}), not a work queue; it is ` +
        'alarmed on its first message instead of being redriven.',
    );
    this.alarmOnMessages(queue, `${id}NotEmpty`, description);
    return queue;
  }

  private alarmOnMessages(queue: sqs.IQueue, id: string, what: string): cloudwatch.Alarm {
    const alarm = new cloudwatch.Alarm(this, id, {
      alarmDescription: `Messages in ${what}: something failed for good and needs a look`,
      metric: queue.metricApproximateNumberOfMessagesVisible({
        period: Duration.minutes(1),
        statistic: cloudwatch.Stats.MAXIMUM,
      }),
      threshold: 0,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new cwActions.SnsAction(this.alarmTopic));
    return alarm;
  }
}
