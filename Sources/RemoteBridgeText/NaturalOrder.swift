// SPDX-License-Identifier: Apache-2.0
/// The order a file manager shows names in, without a locale: runs of digits compare by their
/// value ("Track 2" before "Track 10"), letters without regard to case, and names that are
/// otherwise equal by their bytes. Written once: remote-playerd's folder walk and the input
/// discovery's `event*` nodes (event2 before event10) both sort by it.
public enum NaturalOrder {
    /// Whether `a` comes before `b` in this order.
    public static func isBefore(_ a: String, _ b: String) -> Bool {
        var left = a.unicodeScalars[...]
        var right = b.unicodeScalars[...]
        while let x = left.first, let y = right.first {
            if isDigit(x), isDigit(y) {
                let leftRun = left.prefix(while: isDigit)
                let rightRun = right.prefix(while: isDigit)
                let leftValue = leftRun.drop { $0 == "0" }
                let rightValue = rightRun.drop { $0 == "0" }
                if leftValue.count != rightValue.count { return leftValue.count < rightValue.count }
                if !leftValue.elementsEqual(rightValue) { return leftValue.lexicographicallyPrecedes(rightValue) }
                left = left.dropFirst(leftRun.count)
                right = right.dropFirst(rightRun.count)
                continue
            }
            let (lower, upper) = (folded(x), folded(y))
            if lower != upper { return lower < upper }
            left = left.dropFirst()
            right = right.dropFirst()
        }
        if left.isEmpty != right.isEmpty { return left.isEmpty }
        return a < b
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }

    /// The scalar's lowercase form where it has a single-scalar one.
    private static func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        // ASCII, by far the most common, without a look-up of Unicode's tables.
        if scalar.isASCII {
            return ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar
        }
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        return lower.count == 1 ? lower.first! : scalar
    }
}
