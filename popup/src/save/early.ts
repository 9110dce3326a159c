/**
 * A read started before the first render, and its answer once it has come: a render that starts after
 * the answer draws with it at once, rather than drawing "Loading" and again a frame later.
 */
export interface Early<T> {
  readonly promise: Promise<T>;
  value?: T;
}

export function early<T>(promise: Promise<T>): Early<T> {
  const read: Early<T> = { promise };
  // Registered first, so whoever awaits the promise after this finds the value already kept.
  void promise.then((value) => {
    read.value = value;
  });
  return read;
}
