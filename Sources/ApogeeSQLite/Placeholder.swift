import ApogeeStore
import SQLiteNIO
