"""Session set-up shared by every test module."""

import signal

# A shell without job control starts background commands with SIGINT
# ignored, and child processes inherit that: the Ctrl-C tests would then
# signal children that cannot hear it.  Catching SIGINT here (as an
# interactive Python does) makes the children start with it delivered.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)
