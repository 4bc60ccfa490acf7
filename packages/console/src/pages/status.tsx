/** What a page shows while it loads, and when loading failed. */
export function Loading({ what }: { what: string }) {
  return (
    <p class="loading" role="status">
      Loading {what}…
    </p>
  );
}

export function Failed({ message, retry }: { message: string; retry: () => void }) {
  return (
    <div class="error" role="alert">
      <p>{message}</p>
      <button type="button" class="secondary" onClick={retry}>
        Try again
      </button>
    </div>
  );
}
