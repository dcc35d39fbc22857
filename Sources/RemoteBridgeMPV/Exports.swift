// SPDX-License-Identifier: Apache-2.0
// RemoteBridgeMPV is RemoteBridgePlayer's name before 0.27.0, kept for one release so that a
// package importing it still builds (CHANGELOG.md, "Breaking"). Import RemoteBridgePlayer instead;
// this shim goes in the release after.
@_exported import RemoteBridgePlayer
