#define _GNU_SOURCE
#include "terminal_support.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/select.h>
#include <unistd.h>

// How many resizes (SIGWINCH) and continues (SIGCONT) the process has had:
// counted by a handler on whichever thread the signal lands (a stop performed
// here counts its own continue when no handler has, stop_now); each dashboard
// compares them with the counts it last saw, so that every dashboard sees
// each one. Lock-free atomics, so a handler may touch them.
static atomic_uint resizes = 0;
static atomic_uint continues = 0;
// A stop (SIGTSTP) waits for the frames being worked out and written to be
// out whole, and no frame is begun while one is pending or under way (TB-15).
// `drawing` counts the frames in progress (one per dashboard that draws).
// `stop_state`: none; pending (arrived, not yet performed); performing (the
// terminal restored, the process stopping); resuming (continued, the handler
// being put back); again (a SIGTSTP came while resuming: a new stop, which
// the thread resuming performs). Whoever moves it from pending to performing
// performs the stop, so it happens once. Lock-free atomics, so the handler
// may touch them.
enum { STOP_NONE, STOP_PENDING, STOP_PERFORMING, STOP_RESUMING, STOP_AGAIN };
static atomic_int drawing = 0;
static atomic_int stop_state = STOP_NONE;
// The terminals to give back: one registration per dashboard drawing a
// block (its descriptor and restore bytes), so that with several dashboards
// each terminal is restored, and the handlers stay until the last
// registration is removed. A slot's bytes are written before its descriptor
// is published (an atomic store), and its descriptor is withdrawn before the
// slot is used again; a handler reads only published slots. Registrations are
// added and removed under `registrations_lock` (never taken by a handler).
#define REGISTRATION_COUNT 8
static atomic_int registered_fd[REGISTRATION_COUNT] = {-1, -1, -1, -1, -1, -1, -1, -1};
static char registered_bytes[REGISTRATION_COUNT][64];
static size_t registered_length[REGISTRATION_COUNT];
// The blocks registered, with a slot or without (a ninth): the handlers stay
// while any is. The next slot to try: slots are taken in turn, so that one
// just withdrawn (whose bytes a handler may still be writing) is the last to
// be used again.
static int registrations = 0;
static int unslotted = 0;  // of them, those without a slot
static int next_slot = 0;
static pthread_mutex_t registrations_lock = PTHREAD_MUTEX_INITIALIZER;
#define HANDLED_COUNT 7
static struct sigaction previous[HANDLED_COUNT];
static const int handled[HANDLED_COUNT] = {SIGINT,  SIGTERM, SIGHUP, SIGQUIT,
                                           SIGWINCH, SIGTSTP, SIGCONT};
static int exit_hook_registered = 0;

// Writes every registered terminal's restore bytes. Async-signal-safe.
static void write_restore(void) {
  for (int slot = 0; slot < REGISTRATION_COUNT; slot++) {
    int fd = atomic_load(&registered_fd[slot]);
    if (fd >= 0 && registered_length[slot] > 0) {
      ssize_t ignored = write(fd, registered_bytes[slot], registered_length[slot]);
      (void)ignored;
    }
  }
}

// At exit (exit() called while drawing), the terminals are restored as on a signal.
static void on_exit_restore(void) { write_restore(); }

int progress_terminal_columns(int fd) {
  struct winsize size;
  if (ioctl(fd, TIOCGWINSZ, &size) != 0) return 0;
  return size.ws_col;
}

int progress_terminal_rows(int fd) {
  struct winsize size;
  if (ioctl(fd, TIOCGWINSZ, &size) != 0) return 0;
  return size.ws_row;
}

// Gives a signal its default action; the disposition it had into `previous`
// (when not NULL). Async-signal-safe.
static void set_default(int signal_number, struct sigaction *previous) {
  struct sigaction fallback;
  memset(&fallback, 0, sizeof fallback);
  fallback.sa_handler = SIG_DFL;
  sigemptyset(&fallback.sa_mask);
  sigaction(signal_number, &fallback, previous);
}

// SIGINT, SIGTERM, SIGHUP and SIGQUIT: the terminal restored, then the
// signal's own end (SIGQUIT's without the Swift runtime's crash report, whose
// handler was there before ours).
static void on_terminating_signal(int signal_number) {
  // Only async-signal-safe calls here: write, sigaction, raise.
  write_restore();
  set_default(signal_number, NULL);
  raise(signal_number);
}

// The stop of SIGTSTP (Ctrl-Z): the terminal restored, then the process
// stops as it would have, right here; when continued, the handler is put
// back and the next draw draws the block anew. Async-signal-safe calls only.
// Called by whoever claimed the stop (claim_stop).
static void stop_now(void) {
  int saved_errno = errno;
  sigset_t stop, mask;
  sigemptyset(&stop);
  sigaddset(&stop, SIGTSTP);
  for (;;) {
    write_restore();
    struct sigaction ours;
    set_default(SIGTSTP, &ours);
    unsigned before = atomic_load(&continues);
    pthread_sigmask(SIG_UNBLOCK, &stop, &mask);
    raise(SIGTSTP);  // stopped until SIGCONT
    pthread_sigmask(SIG_SETMASK, &mask, NULL);
    // Continued. Until the handler is back, a SIGTSTP stops the process by
    // the default action, with the terminal still given back; from then,
    // the handler sees this state and asks for another stop.
    atomic_store(&stop_state, STOP_RESUMING);
    sigaction(SIGTSTP, &ours, NULL);
    // The continue is counted once, before the stop is over (so the first
    // frame after it sees it): by SIGCONT's handler, which may run on
    // another thread a little later — or here, when none has counted it
    // within 50 ms (the stop was discarded, in an orphaned process group, or
    // the handlers were removed meanwhile).
    for (int waited = 0; atomic_load(&continues) == before; waited++) {
      if (waited == 50) {
        atomic_fetch_add(&continues, 1);
        break;
      }
      struct timespec pause = {0, 1000000};
      nanosleep(&pause, NULL);
    }
    int expected = STOP_RESUMING;
    if (atomic_compare_exchange_strong(&stop_state, &expected, STOP_NONE)) break;
    atomic_store(&stop_state, STOP_PERFORMING);  // STOP_AGAIN
  }
  errno = saved_errno;
}

// Moves a pending stop to being performed: true for the one caller that did.
static int claim_stop(void) {
  int expected = STOP_PENDING;
  return atomic_compare_exchange_strong(&stop_state, &expected, STOP_PERFORMING);
}

// SIGTSTP, on whichever thread it lands: the stop at once when no frame is
// in progress, else when the last one is out (progress_terminal_end_frame).
// A stop pending or being performed absorbs this one, as a stopped process
// absorbs it; one that is over but still resuming is asked to stop again.
// Each side publishes its own change before it reads the other's, so one of
// them sees both.
static void on_stop(int signal_number) {
  (void)signal_number;
  for (;;) {
    int expected = STOP_NONE;
    if (atomic_compare_exchange_strong(&stop_state, &expected, STOP_PENDING)) {
      if (atomic_load(&drawing) == 0 && claim_stop()) stop_now();
      return;
    }
    if (expected != STOP_RESUMING) return;
    if (atomic_compare_exchange_strong(&stop_state, &expected, STOP_AGAIN)) return;
    // The stop was over meanwhile: look again.
  }
}

// Before a frame is worked out: a stop that arrived first happens first,
// once no other frame is in progress, and one being performed (on another
// thread, possibly blocked writing the restore) is waited out, so no frame
// goes out between a stop's restore and the stop.
void progress_terminal_begin_frame(void) {
  for (;;) {
    atomic_fetch_add(&drawing, 1);
    int state = atomic_load(&stop_state);
    if (state == STOP_NONE) return;
    int others = atomic_fetch_sub(&drawing, 1) - 1;
    if (state == STOP_PENDING && others == 0 && claim_stop()) {
      stop_now();
      continue;
    }
    // Pending behind another dashboard's frame (whose end performs it), or
    // being performed.
    while (atomic_load(&stop_state) != STOP_NONE) {
      struct timespec pause = {0, 1000000};
      nanosleep(&pause, NULL);
    }
  }
}

// After a frame is out whole: the stop that waited for it, if this was the
// last frame in progress.
void progress_terminal_end_frame(void) {
  if (atomic_fetch_sub(&drawing, 1) == 1 && atomic_load(&stop_state) == STOP_PENDING
      && claim_stop()) {
    stop_now();
  }
}

// SIGCONT: the next draw hides the cursor and draws the block anew.
static void on_continue(int signal_number) {
  (void)signal_number;
  atomic_fetch_add(&continues, 1);
}

static void on_resize(int signal_number) {
  (void)signal_number;
  atomic_fetch_add(&resizes, 1);
}

static void (*handler_for(int signal_number))(int) {
  switch (signal_number) {
    case SIGWINCH: return on_resize;
    case SIGTSTP: return on_stop;
    case SIGCONT: return on_continue;
    default: return on_terminating_signal;
  }
}

// Installs the handlers (the first registration).
static void install_handlers(void) {
  for (int index = 0; index < HANDLED_COUNT; index++) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler_for(handled[index]);
    sigemptyset(&action.sa_mask);
    // The process goes on after these: an interrupted call resumes.
    int resumes =
        handled[index] == SIGWINCH || handled[index] == SIGTSTP || handled[index] == SIGCONT;
    action.sa_flags = resumes ? SA_RESTART : 0;
    sigaction(handled[index], &action, &previous[index]);
    // A signal the process was started ignoring (nohup, a shell's trap '')
    // stays ignored.
    if (previous[index].sa_handler == SIG_IGN) sigaction(handled[index], &previous[index], NULL);
  }
  if (!exit_hook_registered) {
    exit_hook_registered = 1;
    atexit(on_exit_restore);
  }
}

int progress_terminal_install_handlers(int fd, const char *restore) {
  if (fd < 0) return -1;
  pthread_mutex_lock(&registrations_lock);
  int slot = -1;
  for (int tried = 0; tried < REGISTRATION_COUNT && slot < 0; tried++) {
    int candidate = (next_slot + tried) % REGISTRATION_COUNT;
    if (atomic_load(&registered_fd[candidate]) < 0) slot = candidate;
  }
  int registration = REGISTRATION_COUNT;  // no slot: handlers kept, no restore written
  if (slot >= 0) {
    size_t length = strlen(restore);
    if (length >= sizeof registered_bytes[slot]) length = sizeof registered_bytes[slot] - 1;
    memcpy(registered_bytes[slot], restore, length);
    registered_length[slot] = length;
    atomic_store(&registered_fd[slot], fd);  // published: a handler may write it from now
    next_slot = (slot + 1) % REGISTRATION_COUNT;
    registration = slot;
  } else {
    unslotted++;
  }
  if (registrations++ == 0) install_handlers();
  pthread_mutex_unlock(&registrations_lock);
  return registration;
}

void progress_terminal_remove_handlers(int registration) {
  if (registration < 0 || registration > REGISTRATION_COUNT) return;
  pthread_mutex_lock(&registrations_lock);
  int registered = registration == REGISTRATION_COUNT
      ? unslotted > 0 : atomic_load(&registered_fd[registration]) >= 0;
  if (registered) {
    if (registration == REGISTRATION_COUNT) unslotted--;
    else atomic_store(&registered_fd[registration], -1);
    if (--registrations == 0) {
      for (int index = 0; index < HANDLED_COUNT; index++) {
        sigaction(handled[index], &previous[index], NULL);
      }
    }
  }
  pthread_mutex_unlock(&registrations_lock);
}

unsigned progress_terminal_continue_count(void) { return atomic_load(&continues); }

unsigned progress_terminal_resize_count(void) { return atomic_load(&resizes); }

struct progress_wake {
  pthread_mutex_t mutex;
  pthread_cond_t condition;
  int raised;
};

progress_wake *progress_wake_create(void) {
  progress_wake *wake = calloc(1, sizeof *wake);
  if (wake == NULL) return NULL;
  pthread_mutex_init(&wake->mutex, NULL);
  pthread_condattr_t attributes;
  pthread_condattr_init(&attributes);
  pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC);
  pthread_cond_init(&wake->condition, &attributes);
  pthread_condattr_destroy(&attributes);
  return wake;
}

void progress_wake_destroy(progress_wake *wake) {
  if (wake == NULL) return;
  pthread_cond_destroy(&wake->condition);
  pthread_mutex_destroy(&wake->mutex);
  free(wake);
}

void progress_wake_raise(progress_wake *wake) {
  pthread_mutex_lock(&wake->mutex);
  wake->raised = 1;
  pthread_cond_signal(&wake->condition);
  pthread_mutex_unlock(&wake->mutex);
}

int progress_wake_wait(progress_wake *wake, double seconds) {
  if (!(seconds <= 86400)) seconds = 86400;  // NaN and huge waits: a day
  pthread_mutex_lock(&wake->mutex);
  if (!wake->raised && seconds > 0) {
    struct timespec deadline;
    clock_gettime(CLOCK_MONOTONIC, &deadline);
    long long nanoseconds = (long long)(seconds * 1e9);
    deadline.tv_sec += (time_t)(nanoseconds / 1000000000LL);
    deadline.tv_nsec += (long)(nanoseconds % 1000000000LL);
    if (deadline.tv_nsec >= 1000000000L) {
      deadline.tv_sec += 1;
      deadline.tv_nsec -= 1000000000L;
    }
    while (!wake->raised) {
      if (pthread_cond_timedwait(&wake->condition, &wake->mutex, &deadline) == ETIMEDOUT) break;
    }
  }
  int raised = wake->raised;
  wake->raised = 0;
  pthread_mutex_unlock(&wake->mutex);
  return raised;
}

struct thread_start {
  void (*body)(void *);
  void *context;
};

static void *thread_main(void *argument) {
  struct thread_start start = *(struct thread_start *)argument;
  free(argument);
  start.body(start.context);
  return NULL;
}

int progress_thread_start(unsigned long *thread, void (*body)(void *), void *context) {
  struct thread_start *start = malloc(sizeof *start);
  if (start == NULL) return ENOMEM;
  start->body = body;
  start->context = context;
  pthread_t created;
  int status = pthread_create(&created, NULL, thread_main, start);
  if (status != 0) {
    free(start);
    return status;
  }
  *thread = (unsigned long)created;
  return 0;
}

unsigned long progress_current_thread(void) { return (unsigned long)pthread_self(); }

void progress_thread_join(unsigned long thread) { pthread_join((pthread_t)thread, NULL); }

double progress_thread_cpu_seconds(unsigned long thread) {
  clockid_t clock;
  if (pthread_getcpuclockid((pthread_t)thread, &clock) != 0) return -1;
  struct timespec time;
  if (clock_gettime(clock, &time) != 0) return -1;
  return (double)time.tv_sec + (double)time.tv_nsec / 1e9;
}

long progress_splice(int in_fd, int out_fd, unsigned long count) {
#ifdef __linux__
  return (long)splice(in_fd, NULL, out_fd, NULL, count, SPLICE_F_MOVE | SPLICE_F_MORE);
#else
  (void)in_fd;
  (void)out_fd;
  (void)count;
  errno = EINVAL;
  return -1;
#endif
}

long progress_copy_file_range(int in_fd, int out_fd, unsigned long count) {
#ifdef __linux__
  return (long)copy_file_range(in_fd, NULL, out_fd, NULL, count, 0);
#else
  (void)in_fd;
  (void)out_fd;
  (void)count;
  errno = ENOSYS;
  return -1;
#endif
}

long progress_pipe_grow(int fd, long bytes) {
#ifdef __linux__
  long capacity = fcntl(fd, F_GETPIPE_SZ);
  if (capacity < 0) return 0;
  if (capacity < bytes && fcntl(fd, F_SETPIPE_SZ, (int)bytes) >= 0) {
    capacity = fcntl(fd, F_GETPIPE_SZ);
  }
  return capacity < 0 ? 0 : capacity;
#else
  (void)fd;
  (void)bytes;
  return 0;
#endif
}

void progress_wait_readable(int fd, long microseconds) {
  fd_set readable;
  FD_ZERO(&readable);
  FD_SET(fd, &readable);
  struct timeval timeout = {microseconds / 1000000, microseconds % 1000000};
  (void)select(fd + 1, &readable, NULL, NULL, &timeout);
}
