# Spellings that make SVOX Pico (French) say the words as a French arbiter would.
# Applied to the words of each clip (and of each benchmark utterance) before synthesis.
s/^?$/question/
s/^? $/question/
s/Cesar/César/g
s/Felix/Félix/g
s/Eva/Éva/g
s/Gustav/Gustave/g
s/FEN/F. E. N./g
s/Q pour/Q, pour/g
