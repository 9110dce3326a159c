/**
 * What came of an action, below its controls: a status line read out politely, or the error read
 * out at once. Either may be null; nothing shows for two nulls.
 */
export function Outcome({ status = null, error }: { status?: string | null; error: string | null }) {
  return (
    <>
      {status && <p role="status">{status}</p>}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
