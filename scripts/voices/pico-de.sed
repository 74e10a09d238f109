# Spellings that make SVOX Pico (German) say Annex D words as a German arbiter would.
# Applied to the words of each clip (and of each benchmark utterance) before synthesis.
s/^?$/Frage/
s/Cesar/Zäsar/g
s/Rochade/Roschade/g
