import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import UnixSignals
import VaultCore
import VaultServices

/// The router with every page, asset and API route; what tests call with `.router`. Each request is logged to
/// `logger` (one line, `RequestLogMiddleware`).
public func buildRouter(_ environment: WebEnvironment, logger: Logger? = nil) -> Router<WebContext> {
    let router = Router(context: WebContext.self)
    // Without a logger (tests, benchmarks) requests are not logged; `buildApplication` passes the server's.
    var requestLogger = logger ?? Logger(label: "ghostvault.web", factory: { _ in SwiftLogNoOpLogHandler() })
    requestLogger.logLevel = environment.configuration.logLevel
    router.add(middleware: RequestLogMiddleware(logger: requestLogger))
    // Request counts and latency by route pattern; recorded only when `serve --metrics-port` set up metrics.
    router.add(middleware: MetricsMiddleware())
    router.add(middleware: SecurityHeadersMiddleware())
    router.add(middleware: OutageMiddleware())
    router.add(middleware: OriginCheckMiddleware(configuration: environment.configuration))
    router.add(middleware: SessionMiddleware(environment: environment))
    Assets.addRoutes(to: router)
    Operations.addRoutes(to: router, environment: environment)
    CalendarFeedRoute.addRoutes(to: router, environment: environment)
    // Sign-in is enforced by the route groups, not remembered by each handler: a handler of the signed-in
    // groups is given an `APIContext` or `PageContext`, which cannot be made without a live session.
    let api = router.group("/api/v1").add(middleware: APIErrorMiddleware())
    let apiController = APIController(environment: environment)
    apiController.addPublicRoutes(to: api)
    let signedInAPI = api.group(context: APIContext.self)
    apiController.addRoutes(to: signedInAPI)
    ReceiptsAPI(environment: environment).addRoutes(to: signedInAPI)
    CardsAPI(environment: environment).addRoutes(to: signedInAPI)
    DangerZoneAPI(environment: environment).addRoutes(to: signedInAPI)
    RecurringRulesAPI(environment: environment).addRoutes(to: signedInAPI)
    AnalysisAPI(environment: environment).addRoutes(to: signedInAPI)
    DatasetAPI(environment: environment).addRoutes(to: signedInAPI)
    BankImportAPI(environment: environment).addRoutes(to: signedInAPI)
    LLMExportAPI(environment: environment).addRoutes(to: signedInAPI)
    CalendarFeedAPI(environment: environment).addRoutes(to: signedInAPI)
    LensAPI(environment: environment).addRoutes(to: signedInAPI)
    SpendingAPI(environment: environment).addRoutes(to: signedInAPI)
    let publicPages = router.group().add(middleware: PageErrorMiddleware())
    AuthPages(environment: environment).addRoutes(to: publicPages)
    let pages = publicPages.group(context: PageContext.self)
    AppPages(environment: environment).addRoutes(to: pages)
    SettingsPages(environment: environment).addRoutes(to: pages)
    ConnectionsPages(environment: environment).addRoutes(to: pages)
    OnboardingPages(environment: environment).addRoutes(to: pages)
    BudgetPages(environment: environment).addRoutes(to: pages)
    AddTransactionPages(environment: environment).addRoutes(to: pages)
    TransactionsPages(environment: environment).addRoutes(to: pages)
    AnalysisPages(environment: environment).addRoutes(to: pages)
    RecurringRulesPages(environment: environment).addRoutes(to: pages)
    CategoriesPages(environment: environment).addRoutes(to: pages)
    RulesPages(environment: environment).addRoutes(to: pages)
    AccountsPages(environment: environment).addRoutes(to: pages)
    RecurringPages(environment: environment).addRoutes(to: pages)
    ReceiptsPages(environment: environment).addRoutes(to: pages)
    CardsPages(environment: environment).addRoutes(to: pages)
    DangerZonePages(environment: environment).addRoutes(to: pages)
    DatasetPages(environment: environment).addRoutes(to: pages)
    BankFilePages(environment: environment).addRoutes(to: pages)
    LLMExportPages(environment: environment).addRoutes(to: pages)
    CalendarFeedPages(environment: environment).addRoutes(to: pages)
    LensPages(environment: environment).addRoutes(to: pages)
    SpendingPages(environment: environment).addRoutes(to: pages)
    return router
}

/// The web app: what `ghostvault serve` runs and the live tests start. `services` run beside the server
/// (the scheduled sync, the demo bridge) and stop with it.
public func buildApplication(
    _ environment: WebEnvironment, services: [any Service] = [], logger: Logger? = nil,
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) -> some ApplicationProtocol {
    var logger = logger ?? Logger(label: "ghostvault.web")
    logger.logLevel = environment.configuration.logLevel
    // Dataset uploads a previous run staged for a second step: their pages are gone with that run.
    DatasetStaging.removeAll()
    var all = services
    if let interval = environment.configuration.syncCheckInterval {
        all.append(ScheduledSync(environment: environment, interval: interval, logger: logger))
    }
    return Application(
        router: buildRouter(environment, logger: logger),
        configuration: .init(
            address: .hostname(environment.configuration.host, port: environment.configuration.port),
            serverName: "GhostVault"),
        services: all,
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
        logger: logger)
}

/// Runs the web app until SIGTERM or SIGINT, then stops within `gracePeriod`: requests in flight get that
/// long to finish, then are cancelled (a sync waiting on a slow bridge, say); work that ignores cancellation
/// gets `cancellationPeriod` more before the process is stopped regardless, so a stop never hangs.
public func runServer(
    _ app: some ApplicationProtocol, logger: Logger, gracePeriod: Duration = .seconds(10),
    cancellationPeriod: Duration = .seconds(5)
) async throws {
    try await serverGroup(app, logger: logger, gracePeriod: gracePeriod, cancellationPeriod: cancellationPeriod)
        .run()
}

/// The service group `runServer` runs; tests trigger its shutdown themselves.
func serverGroup(
    _ app: some ApplicationProtocol, logger: Logger, gracePeriod: Duration, cancellationPeriod: Duration,
    signals: [UnixSignal] = [.sigterm, .sigint]
) -> ServiceGroup {
    var configuration = ServiceGroupConfiguration(services: [app], gracefulShutdownSignals: signals, logger: logger)
    configuration.maximumGracefulShutdownDuration = gracePeriod
    configuration.maximumCancellationDuration = cancellationPeriod
    return ServiceGroup(configuration: configuration)
}

/// Syncs every household's connections on a schedule (`ghostvault.md` section 4, Background Sync), the way
/// `ghostvault sync --automatic` does: a connection synced in the last four hours waits, and the budget's
/// last request of the day is kept for the person.
struct ScheduledSync: Service {
    let environment: WebEnvironment
    let interval: Duration
    let logger: Logger

    /// Runs until the server stops. A stop cancels the wait between passes: that ends the schedule and is no
    /// failure (throwing here would make a requested stop exit 1).
    func run() async {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    try await Task.sleep(for: interval)
                } catch {
                    return
                }
                await runOnce()
            }
        }
    }

    /// One pass over every household; one household's trouble is logged and does not stop the others.
    func runOnce() async {
        let households: [Household]
        do {
            households = try await environment.vault().households.all()
        } catch {
            // An outage is logged by the store, once; the next pass tries again.
            if !VaultError.isOutage(error) {
                logger.error("Scheduled sync could not list households", metadata: ["error": "\(error)"])
            }
            return
        }
        for household in households {
            do {
                let scope = environment.vault().household(household.id)
                let reports = try await SyncService(
                    scope: scope, secrets: environment.secrets, client: environment.simpleFIN
                ).syncAll(trigger: .automatic)
                for report in reports where report.requests > 0 {
                    if let failure = report.failure {
                        // What Settings > Data & Sync shows as the reason; never the access URL.
                        logger.warning(
                            "Scheduled sync failed",
                            metadata: [
                                "connection": "\(report.connection.id)",
                                "status": "\(report.connection.status.rawValue)",
                                "reason": "\(failure)", "requestsLeft": "\(report.remainingRequests)",
                            ])
                        continue
                    }
                    logger.info(
                        "Scheduled sync",
                        metadata: [
                            "connection": "\(report.connection.id)", "added": "\(report.transactionsAdded)",
                            "requestsLeft": "\(report.remainingRequests)",
                        ])
                }
            } catch {
                // The database stopped answering: every other household would fail the same way.
                if VaultError.isOutage(error) { return }
                logger.error("Scheduled sync failed", metadata: ["household": "\(household.id)", "error": "\(error)"])
            }
        }
    }
}
