/**
 * Everything the stack realises, gathered from the manifest, the route table and the gateway
 * responses into one value. The stack takes it as a prop (defaulting to the real one) so tests can
 * also build variants, e.g. a bucket with an S3 notification before the manifest has one.
 */

import {
  type BucketDef,
  type BucketName,
  buckets,
  type DomainDef,
  type DomainName,
  domains,
  type EntryPoint,
  envNames,
  type InvokableDef,
  type InvokableName,
  invokables,
  type QueueDef,
  type QueueName,
  queues,
  type ScheduleDef,
  type StreamConsumerDef,
  schedules,
  table,
  websocket,
} from '@infra/manifest';
import { gatewayResponses } from '@shared/api/gateway-responses';
import { ROLES, type RouteDef, routes } from '@shared/api/routes';

export interface TableDef {
  logicalName: string;
  partitionKey: string;
  sortKey: string;
  ttlAttribute: string;
  streamView: 'NEW_AND_OLD_IMAGES' | 'NEW_IMAGE' | 'OLD_IMAGE' | 'KEYS_ONLY';
  globalIndexes: readonly { name: string; partitionKey: string; sortKey: string }[];
}

export interface GatewayResponseDef {
  status: number;
  body: unknown;
}

export interface CuadraManifest {
  domains: Record<DomainName, DomainDef>;
  queues: Record<QueueName, QueueDef>;
  schedules: Record<string, ScheduleDef>;
  invokables: Record<InvokableName, InvokableDef>;
  buckets: Record<BucketName, BucketDef>;
  table: { definition: TableDef; streamConsumers: Record<string, StreamConsumerDef> };
  websocket: { routes: Record<string, EntryPoint>; domain: DomainName };
  routes: Record<string, RouteDef>;
  gatewayResponses: Record<string, GatewayResponseDef>;
  /** Cognito groups. */
  roles: readonly string[];
  envNames: typeof envNames;
}

export const cuadraManifest: CuadraManifest = {
  domains,
  queues,
  schedules,
  invokables,
  buckets,
  table,
  websocket,
  routes,
  gatewayResponses,
  roles: ROLES,
  envNames,
};

/** Typed `Object.entries` for records keyed by a string union. */
export const entriesOf = <K extends string, V>(record: Record<K, V>): [K, V][] =>
  Object.entries(record) as [K, V][];
