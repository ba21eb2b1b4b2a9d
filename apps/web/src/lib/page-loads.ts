/**
 * Whether the page being opened has shown: the router's lazily loaded pages count themselves in
 * while their code loads and out once drawn (app/lazy-named.ts). What a page does not need to be
 * drawn (the toast library, the server's error texts) waits for it, so the page's own scripts are
 * not kept waiting behind them.
 */
let loading = 0;
let waiting: (() => void)[] = [];
/** The longest a task waits for a page: past it, it runs (a page that never says it has shown, a tab the browser does not paint). */
const AT_MOST_MS = 2500;

export function pageLoadStarted(): void {
  loading += 1;
}

/** A page drawn (or its load failed: nothing more is coming). */
export function pageLoadEnded(): void {
  loading = Math.max(0, loading - 1);
  if (loading === 0) flush();
}

function flush(): void {
  // after the browser has painted the page
  requestAnimationFrame(() => setTimeout(() => {
    if (loading > 0) return;
    const tasks = waiting;
    waiting = [];
    tasks.forEach((task) => task());
  }, 0));
}

/**
 * Runs a task once the page being opened has shown (at most AT_MOST_MS after it was asked). Asked for just before a navigation (a toast
 * as the login leads to the dashboard), it waits for the next page too: it looks once the browser
 * is idle, by which time the navigation has started loading it.
 */
export function whenPageShown(task: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    clearTimeout(late);
    task();
  };
  const late = setTimeout(() => {
    waiting = waiting.filter((t) => t !== once);
    once();
  }, AT_MOST_MS);
  waiting.push(once);
  const look = () => {
    if (loading === 0) flush();
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(look, { timeout: 200 });
  else setTimeout(look, 50);
}
