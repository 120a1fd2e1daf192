import Hummingbird
import Logging
import Metrics
import NIOCore
import Prometheus
import ServiceLifecycle

/// Prometheus metrics for operators, off unless `serve --metrics-port` is given, and then on a port of their
/// own (loopback unless `--metrics-host` says otherwise) so `/metrics` is never on the public address.
///
/// What is there: Hummingbird's request counts and latency by route pattern, method and status
/// (`hb_requests`, `http_server_request_duration`, `http_server_active_requests`), each sync's outcome
/// and the SimpleFIN requests left per connection (`SyncMetrics`), how long queries waited for a PostgreSQL
/// connection (`ghostvault_database_connection_wait`) and how many found the database unreachable. No
/// metric carries a name, email, token or amount.
public enum PrometheusMetrics {
    /// Sends this process's metrics to a new registry and returns the server that publishes them on
    /// `host:port`. swift-metrics is set up once per process: call this once, before opening the database.
    public static func start(host: String, port: Int, logger: Logger) -> some Service {
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        return Application(
            router: router(registry),
            configuration: .init(address: .hostname(host, port: port), serverName: "GhostVault metrics"),
            logger: logger)
    }

    /// `GET /metrics` in Prometheus's text format.
    static func router(_ registry: PrometheusCollectorRegistry) -> Router<BasicRequestContext> {
        let router = Router()
        router.get("/metrics") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(bytes: registry.emitToBuffer())))
        }
        return router
    }
}
