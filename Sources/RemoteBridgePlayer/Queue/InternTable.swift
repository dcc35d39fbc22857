// SPDX-License-Identifier: Apache-2.0
/// Values held once, each under a number, with a count of the users of each: what many queue
/// entries share (an album's folder, its artists and genre) costs its bytes once, and an entry
/// keeps a 4-byte number. A value no user holds any more is let go, and its number used again.
struct InternTable<Value: Hashable & Sendable>: Sendable {
    /// Each value by number; nil for a number not in use.
    private var values: [Value?] = []
    /// How many users hold each number.
    private var uses: [Int32] = []
    /// The number of each value in use.
    private var numbers: [Value: Int32] = [:]
    /// Numbers let go, to be used again.
    private var unused: [Int32] = []

    /// The value with number `number`, which must be in use.
    subscript(number: Int32) -> Value {
        guard let value = values[Int(number)] else { preconditionFailure("number \(number) is not in use") }
        return value
    }

    /// How many distinct values are held.
    var count: Int { numbers.count }

    /// The number of `value`, which one more user now holds.
    mutating func use(_ value: Value) -> Int32 {
        if let number = numbers[value] {
            uses[Int(number)] += 1
            return number
        }
        let number: Int32
        if let free = unused.popLast() {
            number = free
            values[Int(number)] = value
            uses[Int(number)] = 1
        } else {
            number = Int32(values.count)
            values.append(value)
            uses.append(1)
        }
        numbers[value] = number
        return number
    }

    /// One user less holds `number`; at none, its value is let go.
    mutating func release(_ number: Int32) {
        uses[Int(number)] -= 1
        guard uses[Int(number)] == 0, let value = values[Int(number)] else { return }
        numbers[value] = nil
        values[Int(number)] = nil
        unused.append(number)
    }
}
