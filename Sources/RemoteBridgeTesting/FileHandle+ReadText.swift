import Foundation

extension FileHandle {
    /// What a program writes to this pipe, read off the main actor (a pipe read blocks), until
    /// `done` accepts it or the writer closes the pipe.
    public func readText(until done: @escaping @Sendable (String) -> Bool) async -> String {
        await Task.detached { [self] in
            var text = ""
            while !done(text), case let chunk = availableData, !chunk.isEmpty {
                text += String(decoding: chunk, as: UTF8.self)
            }
            return text
        }.value
    }
}
