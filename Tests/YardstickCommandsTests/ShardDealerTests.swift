import XCTest
@testable import YardstickCommands

/// `ShardDealer`: the shards of a table measure every record once, whatever blocks they read.
final class ShardDealerTests: XCTestCase {
    func testEveryRecordIsDealtToExactlyOneShardWhateverTheBlocks() {
        let total = 3 * ShardDealer.runRecords * 2 + 1_234
        for count in [1, 2, 3, 7] {
            for blockSize in [1_000, ShardDealer.runRecords, 16_384, total] {
                var owner = [Int](repeating: -1, count: total)
                for index in 0..<count {
                    let dealer = ShardDealer(index: index, count: count)
                    var first = 0
                    while first < total {
                        let n = min(blockSize, total - first)
                        for run in dealer.runs(first: first, records: n) {
                            XCTAssertTrue(run.lowerBound >= 0 && run.upperBound <= n)
                            for r in run {
                                XCTAssertEqual(owner[first + r], -1, "record \(first + r) dealt twice")
                                owner[first + r] = index
                                // Run k of the table goes to shard k mod N.
                                XCTAssertEqual((first + r) / ShardDealer.runRecords % count, index)
                            }
                        }
                        first += n
                    }
                }
                XCTAssertFalse(owner.contains(-1), "\(count) shards, blocks of \(blockSize): a record left out")
            }
        }
    }
}
