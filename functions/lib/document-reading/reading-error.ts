/**
 * A reading that failed (DOC_043, spec part 2 "Document statuses": OCR_RETRY_SCHEDULED / OCR_FAILED).
 * `retryable` tells the worker whether to queue the document again (an engine that could not start or
 * timed out, Textract throttled, an asynchronous Textract job still running) or to give up (content no
 * engine can read). The message is for logs; the worker shows users its own Spanish text.
 */
export class ReadingError extends Error {
  readonly code = 'DOC_043' as const;
  readonly retryable: boolean;
  /** An asynchronous Textract job to ask again for (StartExpenseAnalysis): the caller stores it. */
  readonly jobId: string | undefined;

  constructor(message: string, options: { retryable: boolean; jobId?: string; cause?: unknown }) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ReadingError';
    this.retryable = options.retryable;
    this.jobId = options.jobId;
  }
}

export const isReadingError = (e: unknown): e is ReadingError => e instanceof ReadingError;
