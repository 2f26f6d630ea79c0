#include "terminal_support.h"

#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

static volatile sig_atomic_t resized = 0;
static int restore_fd = -1;
static char restore_bytes[64];
static size_t restore_length = 0;
static struct sigaction previous[4];
static const int handled[4] = {SIGINT, SIGTERM, SIGHUP, SIGWINCH};
static int installed = 0;

int progress_terminal_columns(int fd) {
  struct winsize size;
  if (ioctl(fd, TIOCGWINSZ, &size) != 0) return 0;
  return size.ws_col;
}

static void on_terminating_signal(int signal_number) {
  // Only async-signal-safe calls here: write, sigaction, raise.
  if (restore_fd >= 0 && restore_length > 0) {
    ssize_t ignored = write(restore_fd, restore_bytes, restore_length);
    (void)ignored;
  }
  struct sigaction fallback;
  memset(&fallback, 0, sizeof fallback);
  fallback.sa_handler = SIG_DFL;
  sigemptyset(&fallback.sa_mask);
  sigaction(signal_number, &fallback, NULL);
  raise(signal_number);
}

static void on_resize(int signal_number) {
  (void)signal_number;
  resized = 1;
}

void progress_terminal_install_handlers(int fd, const char *restore) {
  if (installed) return;
  restore_fd = fd;
  restore_length = strlen(restore);
  if (restore_length >= sizeof restore_bytes) restore_length = sizeof restore_bytes - 1;
  memcpy(restore_bytes, restore, restore_length);
  for (int index = 0; index < 4; index++) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handled[index] == SIGWINCH ? on_resize : on_terminating_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = handled[index] == SIGWINCH ? SA_RESTART : 0;
    sigaction(handled[index], &action, &previous[index]);
    // A signal the process was started ignoring (nohup, a shell's trap '')
    // stays ignored.
    if (previous[index].sa_handler == SIG_IGN) sigaction(handled[index], &previous[index], NULL);
  }
  installed = 1;
}

void progress_terminal_remove_handlers(void) {
  if (!installed) return;
  for (int index = 0; index < 4; index++) sigaction(handled[index], &previous[index], NULL);
  restore_fd = -1;
  installed = 0;
}

int progress_terminal_take_resize(void) {
  int value = resized;
  resized = 0;
  return value;
}
