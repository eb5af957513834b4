/** The error a batch body parser throws: what is wrong (a message key) and where. */

/** A body that cannot be read: the message key of what is wrong, and where. */
export class BodyError extends Error {
  override readonly name = 'BodyError';
  constructor(
    readonly key: 'detail.body.json' | 'detail.body.msgpack' | 'detail.body.shape' | 'detail.body.item' | 'detail.body.line_json' | 'detail.body.line_string' | 'detail.body.gzip' | 'detail.body.csv_quote',
    readonly params: Readonly<Record<string, string | number>> = {},
  ) {
    super(`${key} ${JSON.stringify(params)}`);
  }
}

/** A body with more items than a request may carry (413), found before they are read. */
export class TooManyItems extends Error {
  override readonly name = 'TooManyItems';
  constructor(readonly count: number) {
    super(`${count} items`);
  }
}
