#!/usr/bin/env bash
# Drives a freshly opened codegate window as a user would: types a phone number, drags the
# slider to the end and clicks 获取验证码. Needs DISPLAY and the window at the screen's origin
# (no window manager); the points are the phone entry, the slider's thumb and the request
# button in the window's default layout, kept here only.
set -euo pipefail
xdotool mousemove 200 121 click 1
xdotool type --delay 20 "138 0013 8000"
xdotool mousemove 52 228 mousedown 1
for x in $(seq 60 20 440); do xdotool mousemove "$x" 228; sleep 0.02; done
xdotool mouseup 1
sleep 0.5
xdotool mousemove 210 274 click 1
