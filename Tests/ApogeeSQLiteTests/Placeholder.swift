import Testing
import ApogeeSQLite
