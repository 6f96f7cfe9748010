/// Lays out rows in columns, each as wide as its widest cell, two spaces apart, with no
/// trailing spaces; widths count characters.
enum TableRenderer {
    static func render(header: [String]? = nil, rows: [[String]]) -> String {
        let all = (header.map { [$0] } ?? []) + rows
        var widths: [Int] = []
        for row in all {
            for (column, cell) in row.enumerated() {
                if column == widths.count { widths.append(0) }
                widths[column] = max(widths[column], cell.count)
            }
        }
        return all.map { row in
            var line = ""
            for (column, cell) in row.enumerated() {
                line += cell
                if column < row.count - 1 {
                    line += String(repeating: " ", count: widths[column] - cell.count + 2)
                }
            }
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }
}
