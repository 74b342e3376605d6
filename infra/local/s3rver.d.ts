/** Minimal typings for s3rver 3.7 (it ships none): only what the local cloud uses. */
declare module 's3rver' {
  import type { EventEmitter } from 'node:events';
  import type { AddressInfo } from 'node:net';

  namespace S3rver {
    interface Options {
      address?: string;
      port?: number;
      silent?: boolean;
      directory?: string;
      resetOnClose?: boolean;
      allowMismatchedSignatures?: boolean;
      vhostBuckets?: boolean;
      serviceEndpoint?: string;
      configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
    }

    /** One record of the S3-notification-like payload s3rver emits on 'event'. */
    interface S3rverEventRecord {
      eventTime: string;
      eventName: string;
      requestParameters: { sourceIPAddress: string };
      s3: {
        bucket: { name: string };
        object: { key: string; size?: number; eTag?: string; sequencer: string };
      };
    }
  }

  class S3rver extends EventEmitter {
    constructor(options?: S3rver.Options);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }

  export = S3rver;
}
