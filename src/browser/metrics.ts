// The performance-metrics chunk (spec §7): Core Web Vitals from PerformanceObserver, sent once as a JSON beacon.
// hydrate.ts imports it only when site.yaml sets `metrics.endpoint` (the <body> attribute) and the visitor
// gave analytics consent; importing it starts the report, so the entry script spends no bytes calling it.
// It imports nothing, so splitting it off adds no shared chunk to the entry script.

/** The beacon body: the page path plus each metric the browser reported, in milliseconds (CLS unitless). */
interface MetricsReport {
  path: string;
  /** Time to first byte, from navigation timing. */
  ttfb?: number;
  /** First contentful paint. */
  fcp?: number;
  /** Largest contentful paint (the last candidate before the page was hidden). */
  lcp?: number;
  /** Cumulative layout shift: the largest session window (gaps under 1 s, at most 5 s long). */
  cls?: number;
  /** Interaction to next paint, from event timing: the worst interaction, skipping one per 50. */
  inp?: number;
}

interface LayoutShift extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
}

interface EventTiming extends PerformanceEntry {
  interactionId?: number;
}

reportMetrics(document.body.dataset.metricsEndpoint!);

/** Starts observing and sends one beacon to `endpoint` when the page is first hidden (tab switch, navigation, close). */
function reportMetrics(endpoint: string): void {
  const report: MetricsReport = { path: location.pathname };
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (navigation) report.ttfb = navigation.responseStart;

  let windowValue = 0;
  let windowStart = 0;
  let windowEnd = 0;
  /** Longest duration per interaction (a key press or tap yields several event entries). */
  const interactions = new Map<number, number>();

  observe('paint', (entry) => {
    if (entry.name === 'first-contentful-paint') report.fcp = entry.startTime;
  });
  observe('largest-contentful-paint', (entry) => (report.lcp = entry.startTime));
  observe('layout-shift', (entry) => {
    const shift = entry as LayoutShift;
    if (shift.hadRecentInput) return;
    if (shift.startTime - windowEnd > 1000 || shift.startTime - windowStart > 5000) {
      windowValue = 0;
      windowStart = shift.startTime;
    }
    windowValue += shift.value;
    windowEnd = shift.startTime;
    report.cls = Math.max(report.cls ?? 0, windowValue);
  });
  const interaction = (entry: PerformanceEntry) => {
    const id = (entry as EventTiming).interactionId;
    if (id) interactions.set(id, Math.max(interactions.get(id) ?? 0, entry.duration));
  };
  observe('event', interaction, { durationThreshold: 40 });
  observe('first-input', interaction);

  let sent = false;
  const send = () => {
    if (sent) return;
    sent = true;
    // Entries the browser has queued but not yet handed to the observers (an interaction just before
    // the page is hidden): without this its INP, a last layout shift or LCP would be lost.
    for (const flush of pending) flush();
    const durations = [...interactions.values()].sort((a, b) => b - a);
    if (durations.length > 0) report.inp = durations[Math.floor(durations.length / 50)];
    // A string goes as text/plain, which needs no CORS preflight; the body is JSON all the same, its
    // numbers cut to three decimals (CLS is a small fraction, the rest are milliseconds).
    navigator.sendBeacon(
      endpoint,
      JSON.stringify(report, (_key, value: unknown) =>
        typeof value === 'number' ? Math.round(value * 1000) / 1000 : value,
      ),
    );
  };
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && send());
  addEventListener('pagehide', send);
}

/** Hands each observer's queued entries to its `record` at once (`send`, when the page is hidden). */
const pending: (() => void)[] = [];

/** Calls `record` with every entry of `type`, those before this call included; a browser without the type is skipped. */
function observe(type: string, record: (entry: PerformanceEntry) => void, options: object = {}): void {
  try {
    const observer = new PerformanceObserver((list) => list.getEntries().forEach(record));
    observer.observe({ type, buffered: true, ...options });
    pending.push(() => observer.takeRecords().forEach(record));
  } catch {
    // Older browsers throw on an entry type they do not know; that metric is left out.
  }
}
