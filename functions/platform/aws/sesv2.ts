import { SESv2Client } from '@aws-sdk/client-sesv2';
import { once } from './env';

export const sesv2 = once(() => new SESv2Client({}));
