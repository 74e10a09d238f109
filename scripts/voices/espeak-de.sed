# Spellings that make espeak-ng (German) say Annex D words as a German arbiter would.
# Applied to the words of each clip before synthesis; [[...]] is espeak phoneme input.
s/^?$/Frage/
s/Cesar/Zäsar/g
s/David/[['dA:vIt]]/g
s/Rochade/[[rO'SA:d@]]/g
s/Remis/[[re:m'i:]]/g
s/en passant/[[,aN pas'aN]]/g
s/Engine/[['EndZIn]]/g
s/LICHESS_TOKEN/[[l'ItSEs t'oUk@n]]/g
s/lichess/[[l'ItSEs]]/g
