/* SPDX-License-Identifier: Apache-2.0 */
#ifndef REMOTEBRIDGE_MAINWATCHES_H
#define REMOTEBRIDGE_MAINWATCHES_H

/* The main thread's loop: drains the main queue, then polls its eventfd and the watched file
   descriptors, and calls the callbacks of those ready. Never returns. */
void main_watches_serve(int queue_handle, void (*drain_queue)(void));

#endif
