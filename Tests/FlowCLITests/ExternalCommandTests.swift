import Testing

@testable import FlowCLI

/// flowc starts `git` and `dot` itself (posix_spawn, no Foundation): what they write, how
/// they end and a program that cannot be found must all come back as they happened.
@Suite("Running another program")
struct ExternalCommandTests {
  @Test("both outputs are collected in full, even when each is larger than a pipe holds")
  func largeOutputs() throws {
    // 200,000 bytes on each output: a runner that read one output to its end before the
    // other would stall with the child blocked on a full pipe.
    let script = "head -c 200000 /dev/zero; head -c 200000 /dev/zero >&2; echo done >&2"
    let result = try ExternalCommand.run(["sh", "-c", script])
    #expect(result.status == 0)
    #expect(result.output.count == 200_000)
    #expect(result.output.allSatisfy { $0 == 0 })
    #expect(result.errors.count == 200_005)
    #expect(result.errorText.hasSuffix("done"))
  }

  @Test("the exit status, a signal's, a missing program's and an empty input")
  func statuses() throws {
    #expect(try ExternalCommand.run(["sh", "-c", "exit 3"]).status == 3)
    #expect(try ExternalCommand.run(["sh", "-c", "kill -TERM $$"]).status == 128 + 15)
    #expect(try ExternalCommand.run(["flowc-no-such-program-anywhere"]).status == 127)
    // Standard input is /dev/null: a program reading it ends at once instead of waiting.
    let read = try ExternalCommand.run(["sh", "-c", "cat; echo read"])
    #expect(String(decoding: read.output, as: UTF8.self) == "read\n")
  }

  @Test("arguments reach the program as they are, never read by a shell")
  func argumentsAreNotSyntax() throws {
    let hostile = "$(touch /tmp/flowc-should-not-exist); `id` | ; \"'\n*"
    let result = try ExternalCommand.run(["printf", "%s", hostile])
    #expect(result.status == 0)
    #expect(String(decoding: result.output, as: UTF8.self) == hostile)
  }

  @Test("its error text is trimmed of the line breaks and spaces around it")
  func errorTextTrimmed() throws {
    let result = try ExternalCommand.run(["sh", "-c", "printf '  bad thing\\r\\n\\n' >&2; exit 1"])
    #expect(result.status == 1)
    #expect(result.errorText == "bad thing")
  }
}
