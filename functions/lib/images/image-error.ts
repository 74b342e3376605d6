/** An image that cannot be decoded within its bounds; the message is for logs, never for users. */
export class ImageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImageError';
  }
}
