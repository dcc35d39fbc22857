// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The properties of the streams a sound server plays, as its own tools list them: `pactl`
/// (PulseAudio, or pipewire-pulse, which speaks its protocol) and `pw-dump` (PipeWire).
/// Values that are not text (numbers, flags) are given as JSON writes them.
@MainActor
public enum SoundStreams {
    /// Each sink input's properties (`pactl list sink-inputs`), with PulseAudio's key names
    /// (`application.icon_name`, `media.role` = `music`). Read from pactl's text: its JSON (PulseAudio
    /// 16) gives `(null)` for a value with any byte past ASCII, such as the " — " of a stream name.
    public static func sinkInputs(environment: [String: String]) async throws -> [[String: String]] {
        let result = try await ExternalProcess.run("pactl", ["list", "sink-inputs"], environment: environment.merging(["LC_ALL": "C"]) { $1 })
        guard result.status == 0 else { throw TestSupportError(description: "pactl failed (\(result.status)): \(result.standardError)") }
        var inputs: [[String: String]] = []
        for line in result.standardOutput.split(separator: "\n") {
            if line.hasPrefix("Sink Input #") {
                inputs.append([:])
            } else if line.hasPrefix("\t\t"), let equals = line.range(of: " = \""), line.hasSuffix("\""), !inputs.isEmpty {
                // key = "value", with each " in the value written \".
                let key = line[..<equals.lowerBound].trimmingCharacters(in: .whitespaces)
                let value = line[equals.upperBound...].dropLast().replacingOccurrences(of: "\\\"", with: "\"")
                inputs[inputs.count - 1][key] = value
            }
        }
        return inputs
    }

    /// Each playback stream's node properties (`pw-dump`, media.class `Stream/Output/Audio`),
    /// with PipeWire's key names (`application.icon-name`, `media.role` = `Music`).
    public static func pipeWireOutputs(environment: [String: String]) async throws -> [[String: String]] {
        try await pipeWireNodes(environment: environment).filter { $0["media.class"] == "Stream/Output/Audio" }
    }

    /// Every node's properties (`pw-dump`).
    public static func pipeWireNodes(environment: [String: String]) async throws -> [[String: String]] {
        let objects = try await jsonArray("pw-dump", [], environment: environment)
        return objects.filter { $0["type"] as? String == "PipeWire:Interface:Node" }
            .map { strings(in: ($0["info"] as? [String: Any])?["props"]) }
    }

    private static func jsonArray(_ tool: String, _ arguments: [String], environment: [String: String]) async throws -> [[String: Any]] {
        let result = try await ExternalProcess.run(tool, arguments, environment: environment)
        guard result.status == 0 else { throw TestSupportError(description: "\(tool) failed (\(result.status)): \(result.standardError)") }
        let parsed = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
        guard let objects = parsed as? [[String: Any]] else { throw TestSupportError(description: "\(tool) wrote no JSON array: \(result.standardOutput)") }
        return objects
    }

    private static func strings(in object: Any?) -> [String: String] {
        guard let dictionary = object as? [String: Any] else { return [:] }
        return dictionary.mapValues { value in
            if let text = value as? String { return text }
            return String(describing: value)
        }
    }
}
