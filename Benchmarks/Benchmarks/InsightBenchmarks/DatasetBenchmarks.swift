import Benchmark
import Foundation
import VaultCore
import VaultServices

/// The dataset targets (issue 19): exporting 100k transactions under 5 s and 1M under 60 s with peak memory
/// under 200 MB (the process's peak resident memory, which includes the open household), and importing the
/// same dataset again (everything already here, nothing written).
func datasetBenchmarks(size: Int, label: String) {
    Benchmark(
        "Dataset export (.zip with the workbook), \(label)",
        configuration: .init(
            metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(120), maxIterations: 3)
    ) { benchmark in
        let scope = try await BenchHouseholds.shared.scope(size)
        for _ in benchmark.scaledIterations {
            let file = DatasetBenchmarkFiles.fresh()
            defer { try? FileManager.default.removeItem(at: file) }
            blackHole(try await scope.dataset.export(to: file))
        }
    }
    Benchmark(
        "Dataset re-import of its own export (nothing new), \(label)",
        configuration: .init(
            metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(120), maxIterations: 3)
    ) { benchmark in
        let scope = try await BenchHouseholds.shared.scope(size)
        let file = DatasetBenchmarkFiles.fresh()
        defer { try? FileManager.default.removeItem(at: file) }
        try await scope.dataset.export(to: file)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let report = try await scope.dataset.importDataset(file)
            guard report.added == 0 || report.counts[.transactions]?.added == 0 else {
                fatalError("re-importing its own export added transactions")
            }
            blackHole(report)
        }
        benchmark.stopMeasurement()
    }
}

enum DatasetBenchmarkFiles {
    static func fresh() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("ghostvault-bench-\(UUID()).zip")
    }
}
