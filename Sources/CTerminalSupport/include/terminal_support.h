// The few terminal calls Swift cannot make directly or safely: the window
// size (a variadic ioctl) and signal handlers that restore the terminal.
#ifndef PROGRESS_TERMINAL_SUPPORT_H
#define PROGRESS_TERMINAL_SUPPORT_H

/// The width of the terminal on `fd` in columns, or 0 when it is not a
/// terminal or does not say.
int progress_terminal_columns(int fd);

/// The height of the terminal on `fd` in rows, or 0 when it is not a
/// terminal or does not say.
int progress_terminal_rows(int fd);

/// Registers a terminal to give back, `restore` (at most 63 bytes) to be
/// written to `fd`, and with the first registration installs the handlers:
/// for SIGINT, SIGTERM, SIGHUP and SIGQUIT, which write every registered
/// terminal's restore, then end the process as the signal would have
/// (SIGQUIT with its status 131, not a crash report); for SIGTSTP, which
/// writes them, then stops the process as the signal would have; for SIGCONT
/// and SIGWINCH, which count the continue and the resize. A signal that was
/// ignored when the process started stays ignored. Several dashboards may be
/// registered at once; the restores of 8 are written (a ninth keeps the
/// handlers in, but its restore is not written). Answers the registration,
/// for progress_terminal_remove_handlers, or -1 for a negative `fd`.
int progress_terminal_install_handlers(int fd, const char *restore);

/// Withdraws a registration; with the last one, puts back the handlers that
/// were there before the first. A registration that is not (or no longer)
/// there is ignored (8, that of a block without a restore slot, is withdrawn
/// as many times as it was answered, no more).
void progress_terminal_remove_handlers(int registration);

/// How many times the process has been continued while handlers were
/// installed (SIGCONT; a stop performed here and its SIGCONT count once, and
/// so does a stop that did not stop the process or whose SIGCONT found no
/// handler): a dashboard compares it with the count it last saw, so that
/// each of several sees each continue, once.
unsigned progress_terminal_continue_count(void);
/// A frame is about to be worked out and written: a SIGTSTP that arrived
/// before stops the process first (one being performed is waited out);
/// one that arrives now waits for progress_terminal_end_frame (TB-15).
/// Frames of several dashboards may be in progress at once.
void progress_terminal_begin_frame(void);
/// The frame is out: when it was the last in progress, a SIGTSTP that
/// arrived meanwhile stops the process now.
void progress_terminal_end_frame(void);

/// How many times the terminal was resized (SIGWINCH) while handlers were
/// installed: compared, like the continues, with the count last seen.
unsigned progress_terminal_resize_count(void);

/// A wake-up signal: a flag, a mutex and a condition variable on the
/// monotonic clock, for a thread that sleeps until a time or until woken.
typedef struct progress_wake progress_wake;

/// A new signal, not raised; NULL when out of memory.
progress_wake *progress_wake_create(void);

/// Frees a signal no thread waits on.
void progress_wake_destroy(progress_wake *wake);

/// Raises the signal: a waiting thread returns, or the next wait returns at once.
void progress_wake_raise(progress_wake *wake);

/// Waits until the signal is raised or `seconds` have passed on the monotonic
/// clock (no wait for 0 or less, at most a day); answers 1 and lowers the
/// signal when it was raised, 0 on timeout.
int progress_wake_wait(progress_wake *wake, double seconds);

/// Starts a joinable thread running `body(context)`; answers 0 on
/// success. `progress_thread_join` waits for it.
int progress_thread_start(unsigned long *thread, void (*body)(void *), void *context);

/// The calling thread's identity, comparable with `progress_thread_start`'s.
unsigned long progress_current_thread(void);

/// Waits for a thread started by `progress_thread_start` to end.
void progress_thread_join(unsigned long thread);

/// The CPU time a thread started by `progress_thread_start` has used, in
/// seconds (its CPU-time clock); -1 when it cannot be read.
double progress_thread_cpu_seconds(unsigned long thread);

/// Copies standard input to standard output with splice(2) when one side is a
/// pipe: answers the bytes moved (0 at the end of the input), or -1 with errno
/// set (EINVAL when splice cannot be used on these descriptors).
long progress_splice(int in_fd, int out_fd, unsigned long count);

/// Copies at most `count` bytes from `in_fd` to `out_fd` inside the kernel
/// with copy_file_range(2), from and to the descriptors' offsets: answers the
/// bytes copied (0 at the end of the input, or where the file system does not
/// say its size), or -1 with errno set (EXDEV, EINVAL, ENOSYS, EOPNOTSUPP,
/// EBADF when it cannot be used on these descriptors).
long progress_copy_file_range(int in_fd, int out_fd, unsigned long count);

/// The capacity of the pipe on `fd` in bytes after asking for at least
/// `bytes` (F_SETPIPE_SZ; a pipe already larger is left alone, a refusal
/// leaves it as it was), or 0 when `fd` is not a pipe.
long progress_pipe_grow(int fd, long bytes);

/// Waits until `fd` is readable, in error or hung up (select(2)), or until
/// `microseconds` have passed; a signal ends the wait early. Answers
/// nothing: the next read or splice says what there is.
void progress_wait_readable(int fd, long microseconds);

#endif
