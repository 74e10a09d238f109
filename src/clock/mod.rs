//! The chess clock: time controls, the clock state machine and its announcement schedule.
