extension DataTableConfiguration {
    /// How a grid column's width is chosen (SwiftDataTables' `DataTableColumnWidthMode`).
    public enum ColumnWidthMode: Hashable, Sendable {
        /// This width, at least the header's minimum (bold title + 45).
        case fixed(Double)
        /// From the column's text, measured or estimated; 60 pt of sort indicator and margins are
        /// added, then the width is clamped (see `DataTableConfiguration.ColumnWidthStrategy`).
        case fitContentText(DataTableConfiguration.ColumnWidthStrategy)
        /// The widest natural (compressed) width of the column's cells, all or sampled, rounded up.
        case fitContentAutoLayout(sample: DataTableConfiguration.ColumnSample)
    }
}

extension DataTableConfiguration {
    /// Which of a column's texts decide its width, and how (SwiftDataTables' `DataTableConfiguration.ColumnWidthStrategy`).
    /// Samples take every ⌈n ÷ sampleSize⌉-th row from row 0, at most `sampleSize` rows (all
    /// rows when there are no more than that).
    public enum ColumnWidthStrategy: Hashable, Sendable {
        /// The widest text of all rows, each width rounded up.
        case maxMeasured
        /// The widest text of a sample.
        case sampledMax(sampleSize: Int)
        /// The sample's widths sorted, the one at `round(percentile × (k − 1))`.
        case percentileMeasured(percentile: Double, sampleSize: Int)
        /// The mean over all rows of characters × `averageCharWidth` (the default: 7).
        case estimatedAverage(averageCharWidth: Double)
        /// The larger of `estimatedAverage` and `sampledMax`.
        case hybrid(sampleSize: Int, averageCharWidth: Double)
    }
}

extension DataTableConfiguration {
    /// The rows `fitContentAutoLayout` fits.
    public enum ColumnSample: Hashable, Sendable {
        case all
        case sampledMax(sampleSize: Int)
        case percentile(percentile: Double, sampleSize: Int)
    }
}
