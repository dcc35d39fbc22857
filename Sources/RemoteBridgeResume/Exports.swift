// SPDX-License-Identifier: Apache-2.0
// The state file's format moved to RemoteBridgeStateFile in 0.27.0; re-exported here for one
// release so that a package that found it here still builds (CHANGELOG.md, "Breaking").
// Import RemoteBridgeStateFile.
@_exported import RemoteBridgeStateFile
