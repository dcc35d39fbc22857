[lest]
FilemuOne
File2=
