// SPDX-License-Identifier: Apache-2.0
// A suite that imports the testing support has the private bus each suite starts (PrivateBus),
// and ChildProcess, which starts every program a test runs.
@_exported import RemoteBridgePrivateBus
@_exported import RemoteBridgeProcess
