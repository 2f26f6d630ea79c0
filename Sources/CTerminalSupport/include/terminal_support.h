// The few terminal calls Swift cannot make directly or safely: the window
// size (a variadic ioctl) and signal handlers that restore the terminal.
#ifndef PROGRESS_TERMINAL_SUPPORT_H
#define PROGRESS_TERMINAL_SUPPORT_H

/// The width of the terminal on `fd` in columns, or 0 when it is not a
/// terminal or does not say.
int progress_terminal_columns(int fd);

/// Installs handlers for SIGINT, SIGTERM and SIGHUP that write `restore`
/// (at most 63 bytes) to `fd`, then end the process as the signal would
/// have; and a SIGWINCH handler that records a resize. A signal that was
/// ignored when the process started stays ignored.
void progress_terminal_install_handlers(int fd, const char *restore);

/// Puts back the handlers that were there before the install.
void progress_terminal_remove_handlers(void);

/// Whether the terminal was resized since the last call (and forgets it).
int progress_terminal_take_resize(void);

#endif
