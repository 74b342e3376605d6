import { SQSClient } from '@aws-sdk/client-sqs';
import { once } from './env';

export const sqs = once(() => new SQSClient({}));
