/**
 * A route's answer that is a file to download (a CSV export), not data for the envelope: the
 * handler returns one, and the route sends its bytes with its type and file name. Refusals before
 * it (token, permission, validation) are envelopes as on every route.
 */
export class FileReply {
  constructor(
    readonly body: string | Buffer,
    readonly contentType: string,
    /** the name a browser saves it under (ASCII letters, digits, . _ -) */
    readonly filename: string,
  ) {
    if (!/^[\w.-]{1,100}$/.test(filename)) throw new Error(`not a safe file name: ${filename}`)
  }
}
