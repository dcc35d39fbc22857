/* SPDX-License-Identifier: Apache-2.0 */
/* Does nothing, linked against libmpv: its run time is what loading libmpv and the libraries it
 * pulls in (about 240 of them) costs a process that links it, before main. The resumption
 * benchmark (Benchmarks/Sources/Resumption) sets remote-playerd's start-up beside it. Built by
 * `make resume-bench` with --no-as-needed, so the link is kept although nothing is called. */
int main(void) { return 0; }
