// SPDX-License-Identifier: Apache-2.0
import CRemoteBridgeProcess

/// This process's tie to the one that started it.
package enum ParentProcess {
    /// Has the kernel kill this process (SIGKILL) when its parent ends, whatever state this one is
    /// in (a stopped process reads no end of its pipes). Returns false when the parent had already
    /// gone before the tie was made and this process was handed to init (process 1).
    package static func dieWithIt() -> Bool {
        rb_process_die_with_parent() != 1
    }
}
