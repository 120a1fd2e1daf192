import Metrics
import VaultCore

/// What each sync reports to swift-metrics (published by `serve --metrics-port`; nothing without it):
/// `ghostvault_syncs_total` by outcome and trigger, `ghostvault_simplefin_requests_total`, and the gauge
/// `ghostvault_simplefin_requests_left` per connection (its id: never a name, token or amount).
enum SyncMetrics {
    static func record(_ report: SyncService.Report, trigger: SyncTrigger) {
        Counter(
            label: "ghostvault_syncs_total",
            dimensions: [("outcome", outcome(of: report)), ("trigger", trigger.rawValue)]
        ).increment()
        if report.requests > 0 {
            Counter(label: "ghostvault_simplefin_requests_total").increment(by: report.requests)
        }
        Gauge(
            label: "ghostvault_simplefin_requests_left",
            dimensions: [("connection", report.connection.id.description)]
        ).record(report.remainingRequests)
    }

    /// `failed` (the sync stopped, `failure` says why), `partial` (a bank failed part-way), `synced`, or
    /// `skipped` (not due, or no requests left: nothing was asked of the bridge).
    static func outcome(of report: SyncService.Report) -> String {
        if report.failed { return "failed" }
        if report.partialFailure { return "partial" }
        return report.requests > 0 ? "synced" : "skipped"
    }
}
