// SPDX-License-Identifier: Apache-2.0
// RemoteBridgeRelease moved to a module of its own in 0.27.0, which the engine links without the
// event model; re-exported here for one release so that a package that found it here still builds
// (CHANGELOG.md, "Breaking"). Import RemoteBridgeRelease.
@_exported import RemoteBridgeRelease
