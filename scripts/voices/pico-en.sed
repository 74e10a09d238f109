# Spellings that make SVOX Pico (English) say Annex D words as intended.
# Applied to the words of each clip (and of each benchmark utterance) before synthesis.
s/^?$/question/
s/Cesar/Caesar/g
