#!/bin/sh
# A program that reads and never answers (tests/engine_faults.rs).
exec sleep 60
