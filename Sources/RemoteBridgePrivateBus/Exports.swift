// SPDX-License-Identifier: Apache-2.0
// ChildProcess moved to RemoteBridgeProcess in 0.27.0; re-exported here for one release so that a
// package that found it here still builds (CHANGELOG.md, "Breaking"). Import RemoteBridgeProcess.
@_exported import RemoteBridgeProcess
